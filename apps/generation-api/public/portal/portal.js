// The portal page: talks to /api/portal/* with same-origin JSON requests; the session cookie is
// HttpOnly, so this script never sees it. Mailed links arrive as #verify=<token> or #reset=<token>
// (a fragment never reaches the server's logs); the page posts the token and clears the fragment.
import { pageLanguage, rememberLanguage } from '/api/portal/shared/page-lang.js';

const $ = (id) => document.getElementById(id);

// Texts of the page in both languages; the language is chosen by page-lang.js (shared with the validator page)
const TEXT = {
  en: {
    tagline: 'Factur-X generation API — your account, plan and API keys',
    language: 'Language',
    signIn: 'Sign in',
    email: 'Email',
    password: 'Password',
    forgot: 'Forgot your password?',
    createTitle: 'Create an account',
    passwordHint:
      'At least 10 characters, not a commonly used password. We send a link to confirm the address.',
    createAccount: 'Create account',
    resetTitle: 'Reset your password',
    sendReset: 'Send me a reset link',
    newPasswordTitle: 'Choose a new password',
    newPassword: 'New password',
    resetHint: 'Resetting signs out every session of the account.',
    setPassword: 'Set the new password',
    signOut: 'Sign out',
    unverified: 'Confirm your email address to unlock paid plans: we sent you a link.',
    resend: 'Send the link again',
    pastDue:
      'Your last payment failed. Your plan continues while the provider retries; update your payment method under',
    manage: 'Manage subscription',
    processing: 'Your purchase is being processed; your plan will change shortly.',
    plan: 'Plan',
    usage: 'Generated this month',
    maxKeys: 'Active API keys allowed',
    manageHint: '(payment method, invoices, cancel — at our billing provider)',
    plans: 'Plans',
    activeKeys: 'Active API keys',
    perMonth: 'Generated invoices per month',
    apiKeys: 'API keys',
    name: 'Name',
    namePlaceholder: 'e.g. production shop',
    createKey: 'Create key',
    newKey: 'Your new key — copy it now, it will not be shown again:',
    copy: 'Copy',
    prefix: 'Prefix',
    created: 'Created',
    lastUsed: 'Last used',
    status: 'Status',
    keyHint:
      'Use a key as Authorization: Bearer <key> on /api/v1/generate, /validate, /parse. API reference:',
    account: 'Account',
    changePassword: 'Change password',
    currentPassword: 'Current password',
    changeEmail: 'Change email',
    newEmail: 'New email',
    sendEmailLink: 'Send a confirmation link to the new address',
    deleteAccount: 'Delete account',
    deleteHint:
      'Deleting revokes every API key and signs you out. Billing records are kept. Cancel a running subscription first under Manage subscription.',
    deleteMine: 'Delete my account',
    movingTo: ' (moving to {email}: confirm from that mailbox)',
    paidUntil: '{plan} (paid until {day})',
    unlimitedUsage: '{n} (unlimited)',
    usageOf: '{n} of {quota} (resets {day})',
    yourPlan: '{plan} (your plan)',
    unlimited: 'unlimited',
    upgradeTo: 'Upgrade to {plan}',
    confirmToUpgrade: 'Confirm your email to upgrade',
    never: 'never',
    active: 'active',
    suspended: 'suspended',
    revoked: 'revoked',
    activate: 'Activate',
    useInstead: 'Use instead of {name}',
    suspend: 'Suspend',
    revoke: 'Revoke',
    revokeForGood: 'Revoke "{name}" for good? ',
    yesRevoke: 'Yes, revoke',
    cancel: 'Cancel',
    nowActiveReplacing: '"{name}" is active; "{other}" is suspended.',
    nowActive: '"{name}" is active.',
    nowSuspended: '"{name}" is suspended.',
    revokedKey: 'Key "{name}" revoked.',
    signedIn: 'Signed in.',
    accountCreated: 'Account created. We sent a confirmation link to {email}.',
    passwordReset: 'Password changed and every session signed out. Sign in with the new password.',
    signedOut: 'Signed out.',
    linkResent: 'We sent a new confirmation link to {email}.',
    keyCreated: 'Key "{name}" created.',
    keyCopied: 'Key copied to the clipboard.',
    copyRefused: 'Select and copy the key (the browser refused clipboard access).',
    passwordChanged: 'Password changed; your other sessions are signed out.',
    emailLinkSent: 'We sent a confirmation link to {email}; the change happens when you follow it.',
    accountDeleted: 'Your account is deleted. Its API keys no longer work.',
    emailConfirmed: 'Email {email} confirmed.',
  },
  fr: {
    tagline: 'API de génération Factur-X — votre compte, votre offre et vos clés d’API',
    language: 'Langue',
    signIn: 'Se connecter',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    forgot: 'Mot de passe oublié\u202f?',
    createTitle: 'Créer un compte',
    passwordHint:
      'Au moins 10 caractères, pas un mot de passe courant. Nous envoyons un lien pour confirmer l’adresse.',
    createAccount: 'Créer le compte',
    resetTitle: 'Réinitialiser le mot de passe',
    sendReset: 'M’envoyer un lien de réinitialisation',
    newPasswordTitle: 'Choisir un nouveau mot de passe',
    newPassword: 'Nouveau mot de passe',
    resetHint: 'La réinitialisation ferme toutes les sessions du compte.',
    setPassword: 'Enregistrer le nouveau mot de passe',
    signOut: 'Se déconnecter',
    unverified:
      'Confirmez votre adresse e-mail pour accéder aux offres payantes\u202f: nous vous avons envoyé un lien.',
    resend: 'Renvoyer le lien',
    pastDue:
      'Votre dernier paiement a échoué. Votre offre continue pendant que le prestataire réessaie\u202f; mettez à jour votre moyen de paiement dans',
    manage: 'Gérer l’abonnement',
    processing: 'Votre achat est en cours de traitement\u202f; votre offre changera sous peu.',
    plan: 'Offre',
    usage: 'Factures générées ce mois-ci',
    maxKeys: 'Clés d’API actives autorisées',
    manageHint: '(moyen de paiement, factures, résiliation — chez notre prestataire de facturation)',
    plans: 'Offres',
    activeKeys: 'Clés d’API actives',
    perMonth: 'Factures générées par mois',
    apiKeys: 'Clés d’API',
    name: 'Nom',
    namePlaceholder: 'par ex. boutique en production',
    createKey: 'Créer une clé',
    newKey: 'Votre nouvelle clé — copiez-la maintenant, elle ne sera plus affichée\u202f:',
    copy: 'Copier',
    prefix: 'Préfixe',
    created: 'Créée le',
    lastUsed: 'Dernière utilisation',
    status: 'État',
    keyHint:
      'Utilisez une clé comme Authorization: Bearer <clé> sur /api/v1/generate, /validate, /parse. Référence de l’API\u202f:',
    account: 'Compte',
    changePassword: 'Changer de mot de passe',
    currentPassword: 'Mot de passe actuel',
    changeEmail: 'Changer d’adresse e-mail',
    newEmail: 'Nouvelle adresse e-mail',
    sendEmailLink: 'Envoyer un lien de confirmation à la nouvelle adresse',
    deleteAccount: 'Supprimer le compte',
    deleteHint:
      'La suppression révoque toutes les clés d’API et vous déconnecte. Les données de facturation sont conservées. Résiliez d’abord un abonnement en cours dans Gérer l’abonnement.',
    deleteMine: 'Supprimer mon compte',
    movingTo: ' (passage à {email}\u202f: confirmez depuis cette boîte)',
    paidUntil: '{plan} (payée jusqu’au {day})',
    unlimitedUsage: '{n} (illimité)',
    usageOf: '{n} sur {quota} (remise à zéro le {day})',
    yourPlan: '{plan} (votre offre)',
    unlimited: 'illimité',
    upgradeTo: 'Passer à {plan}',
    confirmToUpgrade: 'Confirmez votre adresse pour changer d’offre',
    never: 'jamais',
    active: 'active',
    suspended: 'suspendue',
    revoked: 'révoquée',
    activate: 'Activer',
    useInstead: 'Utiliser à la place de {name}',
    suspend: 'Suspendre',
    revoke: 'Révoquer',
    revokeForGood: 'Révoquer «\u202f{name}\u202f» définitivement\u202f? ',
    yesRevoke: 'Oui, révoquer',
    cancel: 'Annuler',
    nowActiveReplacing: '«\u202f{name}\u202f» est active\u202f; «\u202f{other}\u202f» est suspendue.',
    nowActive: '«\u202f{name}\u202f» est active.',
    nowSuspended: '«\u202f{name}\u202f» est suspendue.',
    revokedKey: 'Clé «\u202f{name}\u202f» révoquée.',
    signedIn: 'Connecté.',
    accountCreated: 'Compte créé. Nous avons envoyé un lien de confirmation à {email}.',
    passwordReset:
      'Mot de passe changé et toutes les sessions fermées. Connectez-vous avec le nouveau mot de passe.',
    signedOut: 'Déconnecté.',
    linkResent: 'Nous avons envoyé un nouveau lien de confirmation à {email}.',
    keyCreated: 'Clé «\u202f{name}\u202f» créée.',
    keyCopied: 'Clé copiée dans le presse-papiers.',
    copyRefused: 'Sélectionnez et copiez la clé (le navigateur a refusé l’accès au presse-papiers).',
    passwordChanged: 'Mot de passe changé\u202f; vos autres sessions sont fermées.',
    emailLinkSent:
      'Nous avons envoyé un lien de confirmation à {email}\u202f; le changement a lieu quand vous le suivez.',
    accountDeleted: 'Votre compte est supprimé. Ses clés d’API ne fonctionnent plus.',
    emailConfirmed: 'Adresse {email} confirmée.',
  },
};
let lang = pageLanguage();
/** A text of the page in its language, {name} replaced by vars.name */
const t = (key, vars = {}) =>
  (TEXT[lang][key] ?? TEXT.en[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));

function applyLanguage() {
  document.documentElement.lang = lang;
  $('lang').value = lang;
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-placeholder]'))
    el.placeholder = t(el.dataset.i18nPlaceholder);
}

async function api(method, path, body) {
  // the page's language for the answers and problems (the service reads ?lang= first)
  const res = await fetch(`/api/portal${path}${path.includes('?') ? '&' : '?'}lang=${lang}`, {
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
  $('who').textContent = me.email + (me.pendingEmail ? t('movingTo', { email: me.pendingEmail }) : '');
  $('plan').textContent = me.paidUntil ? t('paidUntil', { plan: me.plan, day: day(me.paidUntil) }) : me.plan;
  const quota = me.limits.monthlyGenerations;
  $('usage').textContent =
    quota === null
      ? t('unlimitedUsage', { n: me.usage.generated })
      : t('usageOf', { n: me.usage.generated, quota, day: day(me.limits.quotaResetsAt) });
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
        cell(p.plan === me.plan ? t('yourPlan', { plan: p.plan }) : p.plan),
        cell(String(p.maxKeys)),
        cell(p.monthlyGenerations === null ? t('unlimited') : String(p.monthlyGenerations)),
      );
      const action = document.createElement('td');
      const url = me.billing.upgrade[p.plan];
      if (url && p.plan !== me.plan) {
        const a = document.createElement('a');
        a.href = url;
        a.className = 'button upgrade';
        a.textContent = t('upgradeTo', { plan: p.plan });
        action.append(a);
      } else if (p.plan !== 'FREE' && p.plan !== me.plan && !me.emailVerified) {
        action.textContent = t('confirmToUpgrade');
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
        cell(k.lastUsedAt ? day(k.lastUsedAt) : t('never')),
      );
      const status = cell(t(k.status));
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
              t('activate'),
              'activate',
              run(() => activate(k, undefined)),
            ),
          );
        } else {
          for (const other of active)
            actions.append(
              button(
                t('useInstead', { name: other.name }),
                'activate',
                run(() => activate(k, other)),
              ),
            );
        }
      }
      if (k.status === 'active' && keys.some((x) => x.status === 'suspended'))
        actions.append(
          button(
            t('suspend'),
            'secondary suspend',
            run(() => suspend(k)),
          ),
        );
      if (k.status !== 'revoked')
        actions.append(
          button(t('revoke'), 'danger revoke', () => {
            // Revoking is final: ask in place, with the key's name
            actions.replaceChildren(
              document.createTextNode(t('revokeForGood', { name: k.name })),
              button(
                t('yesRevoke'),
                'danger confirm-revoke',
                run(() => revoke(k)),
              ),
              button(t('cancel'), 'secondary cancel-revoke', () => refreshKeys()),
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
  say(
    replacing
      ? t('nowActiveReplacing', { name: k.name, other: replacing.name })
      : t('nowActive', { name: k.name }),
  );
  await refreshKeys();
}
async function suspend(k) {
  await api('POST', `/keys/${k.id}/suspend`);
  say(t('nowSuspended', { name: k.name }));
  await refreshKeys();
}
async function revoke(k) {
  await api('DELETE', `/keys/${k.id}`);
  say(t('revokedKey', { name: k.name }));
  await refreshKeys();
}

async function enter(path, email, password) {
  // the account's language (its mails) is the page's
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
    say(t('signedIn'));
  })();
});
$('signup-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run(async () => {
    await enter('/signup', $('signup-email').value, $('signup-password').value);
    say(t('accountCreated', { email: current.email }));
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
    say(t('passwordReset'));
  })();
});
$('logout').addEventListener('click', async () => {
  await api('POST', '/logout');
  clearNewKey();
  showSignedOut();
  say(t('signedOut'));
});
$('resend').addEventListener(
  'click',
  run(async () => {
    await api('POST', '/verify-email/resend');
    say(t('linkResent', { email: current.email }));
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
    say(t('keyCreated', { name: created.name }));
    await refreshKeys();
  })();
});
$('copy-key').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText($('new-key-value').textContent);
    say(t('keyCopied'));
  } catch {
    getSelection().selectAllChildren($('new-key-value'));
    say(t('copyRefused'), true);
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
    say(t('passwordChanged'));
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
    say(t('emailLinkSent', { email: answer.pendingEmail }));
  })();
});
$('delete-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run(async () => {
    await api('DELETE', '/account', { password: $('delete-password').value });
    clearNewKey();
    showSignedOut();
    say(t('accountDeleted'));
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
      say(t('emailConfirmed', { email: answer.email }));
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

$('lang').addEventListener('change', () => {
  lang = $('lang').value;
  rememberLanguage(lang);
  applyLanguage();
  if (current) {
    showAccount(current);
    refreshKeys().catch(() => {});
  }
});
applyLanguage();

// A mailed link opened in a tab already showing the portal changes only the fragment
window.addEventListener('hashchange', () => followFragment());
