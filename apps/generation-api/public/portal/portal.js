// The portal page: talks to /api/portal/* with same-origin JSON requests; the session cookie is
// HttpOnly, so this script never sees it.
const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const res = await fetch(`/api/portal${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
  });
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(data?.detail ?? `${res.status} ${res.statusText}`);
  return data;
}

function say(text, isError = false) {
  $('message').textContent = text;
  $('message').className = isError ? 'error' : '';
}

function showAccount(me) {
  $('signed-out').hidden = true;
  $('signed-in').hidden = false;
  $('who').textContent = me.email;
  $('plan').textContent = me.paidUntil ? `${me.plan} (paid until ${me.paidUntil.slice(0, 10)})` : me.plan;
  const quota = me.limits.monthlyGenerations;
  $('usage').textContent =
    quota === null
      ? `${me.usage.generated} (unlimited)`
      : `${me.usage.generated} of ${quota} (resets ${me.limits.quotaResetsAt.slice(0, 10)})`;
  $('max-keys').textContent = String(me.limits.maxKeys);
}

async function refreshKeys() {
  const { keys } = await api('GET', '/keys');
  const tbody = $('keys').querySelector('tbody');
  tbody.replaceChildren(
    ...keys.map((k) => {
      const tr = document.createElement('tr');
      tr.dataset.keyId = String(k.id);
      for (const value of [k.name, `${k.prefix}…`, k.createdAt.slice(0, 10)]) {
        const td = document.createElement('td');
        td.textContent = value;
        tr.append(td);
      }
      const status = document.createElement('td');
      status.textContent = k.status;
      status.className = `status-${k.status}`;
      tr.append(status);
      const action = document.createElement('td');
      if (k.status !== 'revoked') {
        const revoke = document.createElement('button');
        revoke.textContent = 'Revoke';
        revoke.className = 'danger revoke';
        revoke.addEventListener('click', async () => {
          try {
            await api('DELETE', `/keys/${k.id}`);
            say(`Key "${k.name}" revoked.`);
            await refreshKeys();
          } catch (e) {
            say(e.message, true);
          }
        });
        action.append(revoke);
      }
      tr.append(action);
      return tr;
    }),
  );
}

async function enter(path) {
  const email = $('email').value;
  const password = $('password').value;
  try {
    showAccount(await api('POST', path, { email, password }));
    await refreshKeys();
    say(path === '/signup' ? 'Account created.' : 'Signed in.');
  } catch (e) {
    say(e.message, true);
  }
}

$('auth-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  enter('/login');
});
$('signup').addEventListener('click', () => enter('/signup'));
$('logout').addEventListener('click', async () => {
  await api('POST', '/logout');
  $('signed-in').hidden = true;
  $('signed-out').hidden = false;
  $('new-key').hidden = true;
  say('Signed out.');
});
$('key-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  try {
    const created = await api('POST', '/keys', { name: $('key-name').value });
    $('new-key-value').textContent = created.key;
    $('new-key').hidden = false;
    $('key-name').value = '';
    say(`Key "${created.name}" created.`);
    await refreshKeys();
  } catch (e) {
    say(e.message, true);
  }
});

api('GET', '/me')
  .then(async (me) => {
    showAccount(me);
    await refreshKeys();
  })
  .catch(() => {});
