// `npm audit` with the project's policy (docs/decisions/030-b-supply-chain.md): the run fails on a
// high or critical advisory against a production dependency, unless audit-exceptions.json lists
// it with a reason and a date it lapses. Development tools and lower severities are reported
// and pass. The advisory service is the npm registry's: when it cannot be reached, the step says
// so and passes, since an outage there says nothing about the code.
//
//   node scripts/audit.mjs                 audits the installed tree
//   node scripts/audit.mjs --report FILE   judges a saved `npm audit --omit=dev --json` report
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const FAILING = new Set(['high', 'critical']);

/** The allow-list: `[{ "id": "GHSA-…", "until": "YYYY-MM-DD", "reason": "…" }]`. */
function readExceptions() {
  const exceptions = JSON.parse(readFileSync(`${root}audit-exceptions.json`, 'utf8'));
  for (const exception of exceptions) {
    if (
      !/^GHSA(-[0-9a-z]{4}){3}$/.test(exception.id) ||
      !/^\d{4}-\d{2}-\d{2}$/.test(exception.until) ||
      !exception.reason
    ) {
      throw new Error(
        `audit-exceptions.json: ${JSON.stringify(exception)} needs an id (GHSA-…), until (YYYY-MM-DD) and a reason`,
      );
    }
  }
  return exceptions;
}

function auditReport(reportFile) {
  if (reportFile) return readFileSync(reportFile, 'utf8');
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8' });
  return audit.stdout;
}

/** Each advisory once (a package reached through others repeats it), with the packages it hits. */
function advisoriesOf(report) {
  const advisories = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via) {
      if (typeof via !== 'object') continue;
      const id = via.url?.match(/GHSA(-[0-9a-z]{4}){3}/)?.[0] ?? String(via.source);
      advisories.set(id, {
        id,
        severity: via.severity,
        title: via.title,
        url: via.url,
        name: via.name,
        range: via.range,
      });
    }
  }
  return [...advisories.values()];
}

const { values } = parseArgs({ options: { report: { type: 'string' } } });
let report;
try {
  report = JSON.parse(auditReport(values.report));
} catch {
  report = null;
}
if (!report || !report.metadata) {
  const why = report?.error?.summary || report?.message || 'no report came back';
  console.log(`npm audit: the registry's advisory service could not be reached (${why}); not audited this run.`);
  process.exit(0);
}

const today = new Date().toISOString().slice(0, 10);
const exceptions = readExceptions();
const advisories = advisoriesOf(report);
let failed = false;
for (const advisory of advisories) {
  const exception = exceptions.find((entry) => entry.id === advisory.id);
  const line = `${advisory.severity} ${advisory.id} in ${advisory.name} ${advisory.range}: ${advisory.title} (${advisory.url})`;
  if (!FAILING.has(advisory.severity)) console.log(`  reported: ${line}`);
  else if (exception && exception.until >= today)
    console.log(`  excepted until ${exception.until}: ${line}; ${exception.reason}`);
  else {
    failed = true;
    const lapsed = exception ? ` (its exception lapsed on ${exception.until})` : '';
    console.error(`  FAILS: ${line}${lapsed}`);
  }
}
for (const exception of exceptions) {
  if (!advisories.some((advisory) => advisory.id === exception.id))
    console.log(`  audit-exceptions.json: ${exception.id} no longer applies; remove it`);
}
const counts = report.metadata.vulnerabilities;
console.log(
  `npm audit (production dependencies): ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low.`,
);
if (failed) {
  console.error(
    'Update the dependency (npm update <name>, or an override), or add a dated exception with a reason to audit-exceptions.json.',
  );
  process.exit(1);
}
