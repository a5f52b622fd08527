export { splitLeadQuote } from './lead-quote';
export { renderMarkdown } from './render';
