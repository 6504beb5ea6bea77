// The validator page: sends the chosen file to /v1/validate (multipart, the same public API anyone
// can call) and renders the report; rule codes open their explanation from /v1/rules/{code}.
import { pageLanguage, rememberLanguage } from '/shared/page-lang.js';

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
    fatal: 'Error',
    warning: 'Warning',
    information: 'Information',
    found: 'Found',
    expected: 'Expected',
    absent: '(none)',
    line: 'line',
    source: 'XML around line',
    download: 'Download the report (PDF)',
    downloading: 'Preparing the report…',
    colon: ':',
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
    footer: 'Service gratuit, 60 requêtes par minute. API\u202f:',
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
    fatal: 'Erreur',
    warning: 'Avertissement',
    information: 'Information',
    found: 'Trouvé',
    expected: 'Attendu',
    absent: '(absent)',
    line: 'ligne',
    source: 'XML autour de la ligne',
    download: 'Télécharger le rapport (PDF)',
    downloading: 'Préparation du rapport…',
    colon: '\u202f:',
  },
};
let lang = pageLanguage();
let lastFile = null;
/** Lines of the last XML file, for the snippets around findings (none for a PDF) */
let sourceLines = null;
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
    cell(tr, t(f.severity), `sev-${f.severity}`);
    const message = cell(tr, f.message, 'message');
    if (f.expected !== undefined) message.append(computed(f));
    cell(tr, f.bt ? `${f.bt}${f.btName ? ` — ${f.btName}` : ''}` : '');
    const loc = cell(
      tr,
      [f.xpath ?? f.path, f.line ? `${t('line')} ${f.line}` : ''].filter(Boolean).join('\n'),
      'loc',
    );
    const snippet = f.line ? snippetAround(f.line) : null;
    if (snippet) loc.append(snippet);
  }
  wrap.append(table);
  return wrap;
}

/**
 * A decimal for the reader, its digits kept (1259.64 → "1 259,64" in French, with the narrow no-break
 * space, "1,259.64" in English), anything else (a code, a date) as is. Written on the string, never
 * through a float, exactly as the derivations and the receipts write numbers (formatDecimal and
 * readableValues of @einv/rules). Amounts get two decimals at least; a count (a consistency rule
 * expecting "1" preceding invoice) keeps none.
 */
function number(value, amount = true) {
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, int] = m;
  const given = m[3] ?? '';
  const frac = amount ? given.padEnd(2, '0') : given;
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'fr' ? '\u202f' : ',');
  return `${sign === '-' ? '−' : ''}${grouped}${frac ? (lang === 'fr' ? ',' : '.') + frac : ''}`;
}

/** What a calculation finding found and expected, and how (the derivation comes from the rule) */
function computed(f) {
  const box = document.createElement('div');
  box.className = 'computed';
  const line = (label, value, className) => {
    const p = document.createElement('p');
    p.className = className;
    const b = document.createElement('strong');
    b.textContent = `${label}${t('colon')} `;
    p.append(b, value);
    box.append(p);
  };
  // whole numbers with no derivation and no decimal on either side are counts, not amounts
  const amount = f.derivation !== undefined || [f.found, f.expected].some((v) => v?.includes('.'));
  line(t('found'), f.found === undefined ? t('absent') : number(f.found, amount), 'found');
  line(t('expected'), number(f.expected, amount), 'expected');
  if (f.derivation) {
    const p = document.createElement('p');
    p.className = 'derivation';
    p.textContent = f.derivation;
    box.append(p);
  }
  return box;
}

/** The XML lines around `line`, folded; text only (never parsed as HTML) */
function snippetAround(line) {
  if (!sourceLines || line < 1 || line > sourceLines.length) return null;
  const details = document.createElement('details');
  details.className = 'snippet';
  const summary = document.createElement('summary');
  summary.textContent = `${t('source')} ${line}`;
  const pre = document.createElement('pre');
  const from = Math.max(1, line - 3);
  const to = Math.min(sourceLines.length, line + 3);
  for (let n = from; n <= to; n++) {
    const row = document.createElement('span');
    if (n === line) row.className = 'hit';
    row.textContent = `${String(n).padStart(5)}  ${sourceLines[n - 1].slice(0, 300)}\n`;
    pre.append(row);
  }
  details.append(summary, pre);
  return details;
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
    `${t('format')}${t('colon')} ${report.format ?? t('unknown')}${report.syntax && report.syntax !== report.format ? ` (${report.syntax})` : ''}${report.profile ? `, ${t('profile')} ${report.profile}` : ''}. ${t('ruleSets')}${t('colon')} ${sets || t('none')}`;
  const notice = (code, message, className) => {
    const p = document.createElement('p');
    p.className = className;
    p.dataset.code = code;
    p.textContent = message;
    return p;
  };
  $('notices').replaceChildren(
    ...(report.notices ?? []).map((n) => notice(n.code, n.message, 'notice')),
    // rule sets that did not run, and why (French rules for a seller outside France, or turned off)
    ...(report.skippedRuleSets ?? []).map((s) => notice(s.name, s.message, 'notice skipped')),
  );
  $('download').hidden = !report.format;
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

function validationUrl(extra = '') {
  return `/v1/validate?lang=${lang}&frenchRules=${$('frenchRules').value}${extra}`;
}

async function validate(file) {
  if (!file) {
    $('message').textContent = t('choose');
    return;
  }
  lastFile = file;
  sourceLines =
    /\.pdf$/i.test(file.name) || file.type === 'application/pdf' ? null : (await file.text()).split(/\r?\n/);
  $('message').textContent = t('working');
  $('message').className = '';
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(validationUrl(), {
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
/** The receipt of the same file (PDF/A, in the page's language), saved as a download */
async function downloadReport() {
  if (!lastFile) return;
  $('message').textContent = t('downloading');
  const form = new FormData();
  form.append('file', lastFile);
  const res = await fetch(validationUrl('&report=pdf'), { method: 'POST', body: form });
  if (!res.ok) {
    $('message').textContent = (await res.json()).detail ?? `${res.status}`;
    $('message').className = 'error';
    return;
  }
  const name =
    /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'report.pdf';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  $('message').textContent = '';
}

$('download').addEventListener('click', downloadReport);
$('lang').addEventListener('change', () => {
  lang = $('lang').value;
  rememberLanguage(lang);
  applyLanguage();
  if (lastFile) validate(lastFile);
});
$('close-explanation').addEventListener('click', () => {
  $('explanation').hidden = true;
});
applyLanguage();
