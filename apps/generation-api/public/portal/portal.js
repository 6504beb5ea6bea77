// The portal page: talks to /api/portal/* with same-origin JSON requests; the session cookie is
// HttpOnly, so this script never sees it. Mailed links arrive as #verify=<token> or #reset=<token>
// (a fragment never reaches the server's logs); the page posts the token and clears the fragment.
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
  if (!res.ok) {
    const error = new Error(data?.detail ?? `${res.status} ${res.statusText}`);
    error.problem = data;
    throw error;
  }
  return data;
}

function say(text, isError = false) {
  $('message').textContent = text;
  $('message').className = isError ? 'error' : '';
}

const day = (iso) => (iso ? iso.slice(0, 10) : '—');
const cell = (text) => {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
};
const button = (label, className, onClick) => {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.className = className;
  b.addEventListener('click', onClick);
  return b;
};
const run = (action) => async () => {
  try {
    await action();
  } catch (e) {
    say(e.message, true);
  }
};

let current = null; // the last /me answer

function showAccount(me) {
  current = me;
  $('signed-out').hidden = true;
  $('signed-in').hidden = false;
  $('who').textContent =
    me.email + (me.pendingEmail ? ` (moving to ${me.pendingEmail}: confirm from that mailbox)` : '');
  $('plan').textContent = me.paidUntil ? `${me.plan} (paid until ${day(me.paidUntil)})` : me.plan;
  const quota = me.limits.monthlyGenerations;
  $('usage').textContent =
    quota === null
      ? `${me.usage.generated} (unlimited)`
      : `${me.usage.generated} of ${quota} (resets ${day(me.limits.quotaResetsAt)})`;
  $('max-keys').textContent = String(me.limits.maxKeys);
  $('banner-unverified').hidden = me.emailVerified;
  $('banner-past-due').hidden = !me.billing.pastDue;
  $('banner-processing').hidden = !me.billing.processing;
  $('manage').hidden = !me.billing.manageUrl;
  for (const link of document.querySelectorAll('.manage-link')) link.href = me.billing.manageUrl ?? '#';
  const tbody = $('pricing').querySelector('tbody');
  tbody.replaceChildren(
    ...me.plans.map((p) => {
      const tr = document.createElement('tr');
      tr.dataset.plan = p.plan;
      if (p.plan === me.plan) tr.className = 'current';
      tr.append(
        cell(p.plan === me.plan ? `${p.plan} (your plan)` : p.plan),
        cell(String(p.maxKeys)),
        cell(p.monthlyGenerations === null ? 'unlimited' : String(p.monthlyGenerations)),
      );
      const action = document.createElement('td');
      const url = me.billing.upgrade[p.plan];
      if (url && p.plan !== me.plan) {
        const a = document.createElement('a');
        a.href = url;
        a.className = 'button upgrade';
        a.textContent = `Upgrade to ${p.plan}`;
        action.append(a);
      } else if (p.plan !== 'FREE' && p.plan !== me.plan && !me.emailVerified) {
        action.textContent = 'Confirm your email to upgrade';
      }
      tr.append(action);
      return tr;
    }),
  );
}

function clearNewKey() {
  $('new-key-value').textContent = '';
  $('new-key').hidden = true;
}

async function refreshKeys() {
  const { keys } = await api('GET', '/keys');
  const max = current?.limits.maxKeys ?? 1;
  const active = keys.filter((k) => k.status === 'active');
  const tbody = $('keys').querySelector('tbody');
  tbody.replaceChildren(
    ...keys.map((k) => {
      const tr = document.createElement('tr');
      tr.dataset.keyId = String(k.id);
      tr.append(
        cell(k.name),
        cell(`${k.prefix}…`),
        cell(day(k.createdAt)),
        cell(k.lastUsedAt ? day(k.lastUsedAt) : 'never'),
      );
      const status = cell(k.status);
      status.className = `status status-${k.status}`;
      if (k.suspendedBecause) {
        const why = document.createElement('span');
        why.className = 'why';
        why.textContent = k.suspendedBecause;
        status.append(why);
      }
      tr.append(status);
      const actions = document.createElement('td');
      if (k.status === 'suspended') {
        if (active.length < max) {
          actions.append(
            button(
              'Activate',
              'activate',
              run(() => activate(k, undefined)),
            ),
          );
        } else {
          for (const other of active)
            actions.append(
              button(
                `Use instead of ${other.name}`,
                'activate',
                run(() => activate(k, other)),
              ),
            );
        }
      }
      if (k.status === 'active' && keys.some((x) => x.status === 'suspended'))
        actions.append(
          button(
            'Suspend',
            'secondary suspend',
            run(() => suspend(k)),
          ),
        );
      if (k.status !== 'revoked')
        actions.append(
          button('Revoke', 'danger revoke', () => {
            // Revoking is final: ask in place, with the key's name
            actions.replaceChildren(
              document.createTextNode(`Revoke "${k.name}" for good? `),
              button(
                'Yes, revoke',
                'danger confirm-revoke',
                run(() => revoke(k)),
              ),
              button('Cancel', 'secondary cancel-revoke', () => refreshKeys()),
            );
          }),
        );
      tr.append(actions);
      return tr;
    }),
  );
}

async function activate(k, replacing) {
  await api('POST', `/keys/${k.id}/activate`, replacing ? { replacing: replacing.id } : {});
  say(replacing ? `"${k.name}" is active; "${replacing.name}" is suspended.` : `"${k.name}" is active.`);
  await refreshKeys();
}
async function suspend(k) {
  await api('POST', `/keys/${k.id}/suspend`);
  say(`"${k.name}" is suspended.`);
  await refreshKeys();
}
async function revoke(k) {
  await api('DELETE', `/keys/${k.id}`);
  say(`Key "${k.name}" revoked.`);
  await refreshKeys();
}

async function enter(path, email, password) {
  const lang = navigator.language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
  showAccount(await api('POST', path, { email, password, lang }));
  await refreshKeys();
}

function showSignedOut(form) {
  $('signed-in').hidden = true;
  $('signed-out').hidden = false;
  $('forgot-form').hidden = form !== 'forgot';
  $('reset-form').hidden = form !== 'reset';
}

$('login-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run(async () => {
    await enter('/login', $('email').value, $('password').value);
    say('Signed in.');
  })();
});
$('signup-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run(async () => {
    await enter('/signup', $('signup-email').value, $('signup-password').value);
    say(`Account created. We sent a confirmation link to ${current.email}.`);
  })();
});
$('forgot-link').addEventListener('click', (ev) => {
  ev.preventDefault();
  showSignedOut('forgot');
  $('forgot-email').value = $('email').value;
});
$('forgot-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run(async () => {
    const answer = await api('POST', '/password-reset/request', { email: $('forgot-email').value });
    say(answer.detail);
  })();
});
let resetToken = '';
$('reset-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run(async () => {
    const answer = await api('POST', '/password-reset', {
      token: resetToken,
      password: $('reset-password').value,
    });
    showSignedOut();
    $('email').value = answer.email;
    say('Password changed and every session signed out. Sign in with the new password.');
  })();
});
$('logout').addEventListener('click', async () => {
  await api('POST', '/logout');
  clearNewKey();
  showSignedOut();
  say('Signed out.');
});
$('resend').addEventListener(
  'click',
  run(async () => {
    await api('POST', '/verify-email/resend');
    say(`We sent a new confirmation link to ${current.email}.`);
  }),
);
$('key-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  clearNewKey(); // the previous key leaves the screen whether this one is created or refused
  run(async () => {
    const created = await api('POST', '/keys', { name: $('key-name').value });
    $('new-key-value').textContent = created.key;
    $('new-key').hidden = false;
    $('key-name').value = '';
    say(`Key "${created.name}" created.`);
    await refreshKeys();
  })();
});
$('copy-key').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText($('new-key-value').textContent);
    say('Key copied to the clipboard.');
  } catch {
    getSelection().selectAllChildren($('new-key-value'));
    say('Select and copy the key (the browser refused clipboard access).', true);
  }
});
$('password-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run(async () => {
    await api('POST', '/password', {
      currentPassword: $('current-password').value,
      newPassword: $('new-password').value,
    });
    $('password-form').reset();
    say('Password changed; your other sessions are signed out.');
  })();
});
$('email-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run(async () => {
    const answer = await api('POST', '/email', {
      email: $('new-email').value,
      password: $('email-password').value,
    });
    $('email-form').reset();
    showAccount(await api('GET', '/me'));
    say(`We sent a confirmation link to ${answer.pendingEmail}; the change happens when you follow it.`);
  })();
});
$('delete-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run(async () => {
    await api('DELETE', '/account', { password: $('delete-password').value });
    clearNewKey();
    showSignedOut();
    say('Your account is deleted. Its API keys no longer work.');
  })();
});

/** Acts on a mailed link's fragment, then removes it from the address bar */
async function followFragment() {
  const [action, token] = location.hash.slice(1).split('=');
  if (!action) return false;
  if (action === 'verify' && token) {
    history.replaceState(null, '', location.pathname);
    try {
      const answer = await api('POST', '/verify-email', { token });
      say(`Email ${answer.email} confirmed.`);
    } catch (e) {
      say(e.message, true);
    }
    return false;
  }
  if (action === 'reset' && token) {
    history.replaceState(null, '', location.pathname);
    resetToken = token;
    showSignedOut('reset');
    return true;
  }
  if (action === 'forgot') {
    showSignedOut('forgot');
    return true;
  }
  return false;
}

followFragment().then(async (stayOut) => {
  if (stayOut) return;
  try {
    showAccount(await api('GET', '/me'));
    await refreshKeys();
    if (location.hash === '#upgrade') $('upgrade').scrollIntoView();
  } catch {
    // not signed in: the sign-in and sign-up forms stay
  }
});

// A mailed link opened in a tab already showing the portal changes only the fragment
window.addEventListener('hashchange', () => followFragment());
