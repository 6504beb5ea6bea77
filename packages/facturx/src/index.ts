export { extract } from './extract.js';
export { renderPdf } from './render/render-pdf.js';
