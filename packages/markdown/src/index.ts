export { splitLeadQuote } from './lead-quote';
export { plainTextHtml } from './limits';
export { renderMarkdown } from './render';
