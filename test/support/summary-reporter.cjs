// Prints the slowest test files (wall time of each file, its app and browser start included), then
// one plain closing line, "jest: N passed, N failed", that CI reads in any language.
const path = require('node:path');

/** A file over this many seconds is marked: the suite's budget for one file (docs/performance.md). */
const FILE_BUDGET_S = 60;
const SHOWN = 15;

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.files = [];
  }

  onTestResult(_test, result) {
    const { start, end } = result.perfStats;
    if (start && end) this.files.push({ file: path.relative(this.rootDir, result.testFilePath), seconds: (end - start) / 1000 });
  }

  onRunComplete(_contexts, results) {
    const slowest = [...this.files].sort((a, b) => b.seconds - a.seconds).slice(0, SHOWN);
    if (slowest.length > 1) {
      const lines = slowest.map(({ file, seconds }) => `  ${seconds.toFixed(1).padStart(6)} s  ${file}${seconds > FILE_BUDGET_S ? `  (over ${FILE_BUDGET_S} s)` : ''}`);
      process.stdout.write(`\nslowest test files:\n${lines.join('\n')}\n`);
    }
    const skipped = results.numPendingTests + results.numTodoTests;
    const tail = skipped ? `, ${skipped} skipped` : '';
    process.stdout.write(`\njest: ${results.numPassedTests} passed, ${results.numFailedTests} failed${tail}\n`);
  }
}
module.exports = SummaryReporter;
