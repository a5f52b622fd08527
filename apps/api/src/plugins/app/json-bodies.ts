import fp from 'fastify-plugin';

/** Only JSON bodies are accepted: anything else is a 415 (docs/architecture.md#errors). */
export default fp(
  async (app) => {
    app.removeContentTypeParser('text/plain');
    // Writes must say JSON (see cross-site.ts), so a bodyless one such as logout may send it with no body.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body.length === 0) done(null, undefined);
      // Fastify's default parser answers through `done` and returns nothing; its type is the union
      // of the callback and the promise forms of a parser, hence the `void`.
      else void parseJson(request, body.toString(), done);
    });
  },
  { name: 'json-bodies' },
);
