import { catalogueExportQuerySchema, catalogueImportQuerySchema, importReportSchema } from '@piste/admin';
import { catalogueColumns, exportCatalogue, importCatalogue, loadPriceLists } from '@piste/admin/server';
import { staffOf, type AdminApp, type AdminDeps } from './admin-context';
import { readCatalogueFile, writeCatalogueFile } from './catalogue-routes-file-format';

/** A catalogue file of 100k variants is about 15 MB of CSV. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * `POST /admin/api/catalogue/import[?dryRun=1]` (the file as the body: text/csv, or JSON) and
 * `GET /admin/api/catalogue/export?format=csv|json`: what `npm run catalogue:import|export` do,
 * for the back office's import screen.
 */
export function catalogueFileRoutes(deps: AdminDeps) {
  return async (app: AdminApp) => {
    const { db } = deps.database;
    // Only this plugin reads CSV bodies: the rest of the API stays JSON.
    app.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.post(
      '/catalogue/import',
      {
        config: { permission: 'catalogue:write' },
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags: ['catalogue'],
          description:
            'The body is the file: text/csv, or application/json (an array of rows). A dry run (dryRun=1) reports and writes nothing.',
          querystring: catalogueImportQuerySchema,
          response: { 200: importReportSchema },
        },
      },
      async (request) => {
        const isCsv = /^text\//.test(request.headers['content-type'] ?? '');
        const known = catalogueColumns(await loadPriceLists(db));
        const records = readCatalogueFile(request.body, isCsv ? 'csv' : 'json', known);
        const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
        return importCatalogue(db, staffOf(request), records, { dryRun, requestId: request.id });
      },
    );

    app.get(
      '/catalogue/export',
      {
        config: { permission: 'catalogue:read' },
        schema: { tags: ['catalogue'], querystring: catalogueExportQuerySchema },
      },
      async (request, reply) => {
        const { format } = request.query;
        const file = writeCatalogueFile(await exportCatalogue(db), format);
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="catalogue-${stamp}.${format}"`)
          .send(file);
      },
    );
  };
}
