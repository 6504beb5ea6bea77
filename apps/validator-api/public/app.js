// The validator page: sends the chosen file to /v1/validate (multipart, the same public API anyone
// can call) and renders the report; rule codes open their explanation from /v1/rules/{code}.
const $ = (id) => document.getElementById(id);

const TEXT = {
  en: {
    tagline: 'Check a Factur-X, ZUGFeRD, CII or UBL invoice against EN 16931 and the French rules.',
    language: 'Language',
    drop: 'Drop an XML or PDF invoice here, or click to choose one',
    frenchRules: 'French rules',
    transition: 'transition edition (warnings)',
    standard: 'standard edition (errors)',
    off: 'off',
    validate: 'Validate',
    footer: 'Free service, 60 requests per minute. API:',
    valid: 'Valid invoice',
    invalid: 'Invalid invoice',
    errors: 'Errors',
    warnings: 'Warnings',
    rule: 'Rule',
    severity: 'Severity',
    message: 'Message',
    term: 'Business term',
    location: 'Location',
    none: 'None.',
    format: 'Format',
    profile: 'profile',
    ruleSets: 'Rule sets',
    embedded: 'Embedded invoice',
    unknown: 'not recognised',
    choose: 'Choose a file first.',
    working: 'Validating…',
    checks: 'What it checks',
    why: 'Why',
    fix: 'How to fix',
    terms: 'Business terms',
  },
  fr: {
    tagline: 'Vérifiez une facture Factur-X, ZUGFeRD, CII ou UBL selon l’EN 16931 et les règles françaises.',
    language: 'Langue',
    drop: 'Déposez une facture XML ou PDF ici, ou cliquez pour la choisir',
    frenchRules: 'Règles françaises',
    transition: 'édition de transition (avertissements)',
    standard: 'édition standard (erreurs)',
    off: 'désactivées',
    validate: 'Valider',
    footer: 'Service gratuit, 60 requêtes par minute. API :',
    valid: 'Facture valide',
    invalid: 'Facture non valide',
    errors: 'Erreurs',
    warnings: 'Avertissements',
    rule: 'Règle',
    severity: 'Gravité',
    message: 'Message',
    term: 'Terme métier',
    location: 'Emplacement',
    none: 'Aucun.',
    format: 'Format',
    profile: 'profil',
    ruleSets: 'Jeux de règles',
    embedded: 'Facture intégrée',
    unknown: 'non reconnu',
    choose: 'Choisissez d’abord un fichier.',
    working: 'Validation…',
    checks: 'Ce qui est vérifié',
    why: 'Pourquoi',
    fix: 'Comment corriger',
    terms: 'Termes métier',
  },
};
let lang = new URLSearchParams(location.search).get('lang') === 'fr' ? 'fr' : 'en';
let lastFile = null;
const t = (key) => TEXT[lang][key] ?? key;

function applyLanguage() {
  document.documentElement.lang = lang;
  $('lang').value = lang;
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
}

function cell(tr, text, className) {
  const td = document.createElement('td');
  td.textContent = text ?? '';
  if (className) td.className = className;
  tr.append(td);
  return td;
}

function findingsTable(title, findings) {
  const wrap = document.createElement('div');
  const h = document.createElement('h3');
  h.textContent = `${title} (${findings.length})`;
  wrap.append(h);
  if (!findings.length) {
    const p = document.createElement('p');
    p.textContent = t('none');
    wrap.append(p);
    return wrap;
  }
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const k of ['rule', 'severity', 'message', 'term', 'location']) {
    const th = document.createElement('th');
    th.textContent = t(k);
    head.append(th);
  }
  const body = table.createTBody();
  for (const f of findings) {
    const tr = body.insertRow();
    tr.className = 'finding';
    const ruleCell = cell(tr, '');
    const link = document.createElement('a');
    link.href = `/v1/rules/${encodeURIComponent(f.rule)}?lang=${lang}`;
    link.textContent = f.rule;
    link.className = 'rule-link';
    link.addEventListener('click', (ev) => {
      ev.preventDefault();
      explain(f.rule);
    });
    ruleCell.append(link);
    cell(tr, f.severity, `sev-${f.severity}`);
    cell(tr, f.message);
    cell(tr, f.bt ? `${f.bt}${f.btName ? ` — ${f.btName}` : ''}` : '');
    cell(tr, [f.path, f.xpath, f.line ? `line ${f.line}` : ''].filter(Boolean).join('\n'), 'loc');
  }
  wrap.append(table);
  return wrap;
}

// The verdict, the counts and the lists come from one place: `errors` holds every fatal finding
// (the PDF's included) and `valid` is false exactly when it is not empty, so they always agree.
function render(report) {
  const errors = report.errors ?? [];
  const warnings = report.warnings ?? [];
  $('report').hidden = false;
  $('verdict').textContent = report.valid ? t('valid') : t('invalid');
  $('verdict').className = report.valid ? 'valid' : 'invalid';
  const sets = (report.ruleSets ?? []).map((r) => `${r.name} ${r.version}`).join(', ');
  $('summary').textContent =
    `${t('format')}: ${report.format ?? t('unknown')}${report.syntax && report.syntax !== report.format ? ` (${report.syntax})` : ''}${report.profile ? `, ${t('profile')} ${report.profile}` : ''}. ${t('ruleSets')}: ${sets || t('none')}`;
  $('notices').replaceChildren(
    ...(report.notices ?? []).map((n) => {
      const p = document.createElement('p');
      p.className = 'notice';
      p.dataset.code = n.code;
      p.textContent = n.message;
      return p;
    }),
  );
  $('findings').replaceChildren(findingsTable(t('errors'), errors), findingsTable(t('warnings'), warnings));
  const pdf = $('pdf');
  pdf.replaceChildren();
  if (report.pdf) {
    if (report.pdf.embedded) {
      const p = document.createElement('p');
      p.textContent = `${t('embedded')}: ${report.pdf.embedded.filename} (${report.pdf.embedded.size} bytes)`;
      pdf.append(p);
    }
  }
}

async function explain(code) {
  const res = await fetch(`/v1/rules/${encodeURIComponent(code)}?lang=${lang}`);
  const data = await res.json();
  $('explanation').hidden = false;
  $('explanation-title').textContent = data.code ?? code;
  const body = $('explanation-body');
  body.replaceChildren();
  if (!res.ok) {
    body.textContent = data.detail;
    return;
  }
  const add = (label, text) => {
    const h = document.createElement('h4');
    h.textContent = label;
    const p = document.createElement('p');
    p.textContent = text;
    body.append(h, p);
  };
  add(t('checks'), data.checks);
  add(t('why'), data.explanation);
  add(t('fix'), data.fix);
  if (data.terms?.length)
    add(t('terms'), data.terms.map((x) => `${x.id}${x.name ? ` — ${x.name}` : ''}`).join('; '));
}

async function validate(file) {
  if (!file) {
    $('message').textContent = t('choose');
    return;
  }
  lastFile = file;
  $('message').textContent = t('working');
  $('message').className = '';
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`/v1/validate?lang=${lang}&frenchRules=${$('frenchRules').value}`, {
    method: 'POST',
    body: form,
  });
  const data = await res.json();
  // a file that is no invoice at all still comes with its one finding: show it as a report
  if (!res.ok && !Array.isArray(data.errors)) {
    $('message').textContent = data.detail ?? `${res.status}`;
    $('message').className = 'error';
    $('report').hidden = true;
    return;
  }
  $('message').textContent = '';
  render(data);
}

$('file').addEventListener('change', () => {
  const file = $('file').files[0];
  $('chosen').textContent = file ? file.name : '';
  validate(file);
});
$('upload').addEventListener('submit', (ev) => {
  ev.preventDefault();
  validate($('file').files[0] ?? lastFile);
});
const drop = $('drop');
drop.addEventListener('dragover', (ev) => {
  ev.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (ev) => {
  ev.preventDefault();
  drop.classList.remove('over');
  const file = ev.dataTransfer.files[0];
  $('chosen').textContent = file ? file.name : '';
  validate(file);
});
$('lang').addEventListener('change', () => {
  lang = $('lang').value;
  applyLanguage();
  if (lastFile) validate(lastFile);
});
$('close-explanation').addEventListener('click', () => {
  $('explanation').hidden = true;
});
applyLanguage();
