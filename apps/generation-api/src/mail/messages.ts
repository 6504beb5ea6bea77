/**
 * The portal's mails, in French and English (the account's language). Each carries one link to the
 * portal page with the token in the fragment, which browsers never send to the server, so tokens stay
 * out of access logs; the page posts it.
 */
export type Lang = 'fr' | 'en';
export type MailKind = 'verify-email' | 'change-email' | 'reset-password' | 'account-exists';

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
  link: string;
}

const FRAGMENT: Record<MailKind, string> = {
  'verify-email': 'verify',
  'change-email': 'verify',
  'reset-password': 'reset',
  'account-exists': 'forgot',
};

const TEXTS: Record<
  Lang,
  Record<MailKind, { subject: string; intro: string; action: string; outro: string }>
> = {
  en: {
    'verify-email': {
      subject: 'einv: confirm your email address',
      intro: 'Welcome to einv. Confirm that this address is yours to unlock paid plans:',
      action: 'Confirm my email',
      outro: 'The link works once and expires in 48 hours. If you did not sign up, ignore this mail.',
    },
    'change-email': {
      subject: 'einv: confirm your new email address',
      intro: 'You asked to use this address for your einv account. Confirm it:',
      action: 'Confirm this address',
      outro: 'The link works once and expires in 48 hours. If you did not ask for this, ignore this mail.',
    },
    'reset-password': {
      subject: 'einv: reset your password',
      intro: 'Someone (hopefully you) asked to reset the password of your einv account:',
      action: 'Choose a new password',
      outro:
        'The link works once and expires in 1 hour. Resetting signs out every session. If you did not ask, ignore this mail.',
    },
    'account-exists': {
      subject: 'einv: you already have an account',
      intro: 'Someone tried to sign up with this address, which already has an einv account. If it was you:',
      action: 'Reset my password',
      outro: 'If it was not you, ignore this mail; nothing has changed.',
    },
  },
  fr: {
    'verify-email': {
      subject: 'einv : confirmez votre adresse e-mail',
      intro:
        'Bienvenue sur einv. Confirmez que cette adresse est la vôtre pour débloquer les offres payantes :',
      action: 'Confirmer mon adresse',
      outro:
        "Le lien ne sert qu'une fois et expire dans 48 heures. Si vous ne vous êtes pas inscrit, ignorez ce message.",
    },
    'change-email': {
      subject: 'einv : confirmez votre nouvelle adresse e-mail',
      intro: 'Vous avez demandé à utiliser cette adresse pour votre compte einv. Confirmez-la :',
      action: 'Confirmer cette adresse',
      outro:
        "Le lien ne sert qu'une fois et expire dans 48 heures. Si vous n'avez rien demandé, ignorez ce message.",
    },
    'reset-password': {
      subject: 'einv : réinitialisez votre mot de passe',
      intro: 'Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte einv :',
      action: 'Choisir un nouveau mot de passe',
      outro:
        "Le lien ne sert qu'une fois et expire dans 1 heure. La réinitialisation ferme toutes les sessions. Si vous n'avez rien demandé, ignorez ce message.",
    },
    'account-exists': {
      subject: 'einv : vous avez déjà un compte',
      intro:
        'Quelqu’un a tenté de s’inscrire avec cette adresse, qui a déjà un compte einv. Si c’était vous :',
      action: 'Réinitialiser mon mot de passe',
      outro: "Si ce n'était pas vous, ignorez ce message ; rien n'a changé.",
    },
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail of one kind in one language, linking to `<publicUrl>/api/portal#<action>=<token>` */
export function composeMail(kind: MailKind, lang: Lang, publicUrl: string, token?: string): MailMessage {
  const t = TEXTS[lang][kind];
  const link = `${publicUrl}/api/portal#${FRAGMENT[kind]}${token ? `=${token}` : ''}`;
  const text = `${t.intro}\n\n${link}\n\n${t.outro}\n`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;max-width:36em">
<h2>einv</h2><p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:.6em 1em;background:#1d4ed8;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="color:#555;font-size:.9em">${escapeHtml(t.outro)}</p></body></html>`;
  return { subject: t.subject, text, html, link };
}
