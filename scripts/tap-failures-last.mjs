// A tap reporter: the raw TAP stream passes through unchanged, and when the run is over every failed assertion is
// printed again at the end, under the test file and subtests it belongs to. In a long run the failures are otherwise
// somewhere in thousands of lines, and logs that keep only the tail lose them.
// Plain JavaScript because tap loads reporters in its own process, where TypeScript is not compiled.
import { Transform } from 'node:stream';

const subtestLine = /^(\s*)# Subtest: (.*)$/;
const failureLine = /^(\s*)not ok \d+ - (.*?)(?: # .*)?$/;
const okLine = /^(\s*)(?:not )?ok \d+ /;

export default class FailuresLast extends Transform {
  #partial = '';
  /** The open subtests, outermost first, each with the indentation of its own assertions. */
  #path = [];
  /** Collected failures: their place, their line and the YAML block that explains them. */
  #failures = [];
  /** The failure whose YAML block is being read, with the indentation that block ends at. */
  #reading = null;

  _transform(chunk, _encoding, done) {
    const text = this.#partial + chunk.toString('utf8');
    const lines = text.split('\n');
    this.#partial = lines.pop() ?? '';
    for (const line of lines) this.#read(line);
    done(null, chunk);
  }

  _flush(done) {
    if (this.#partial) this.#read(this.#partial);
    done(null, this.#summary());
  }

  #read(line) {
    if (this.#reading && !this.#reading.started) {
      // A YAML block, if there is one, opens on the line right after the failure.
      if (line.trim() === '---') this.#reading.started = true;
      else this.#reading = null;
    }
    if (this.#reading) {
      this.#reading.block.push(line);
      if (line.trim() === '...' && line.search(/\S/) <= this.#reading.indent + 2) this.#reading = null;
      return;
    }
    const subtest = subtestLine.exec(line);
    if (subtest) {
      const depth = subtest[1].length;
      this.#path = this.#path.filter((open) => open.depth < depth);
      this.#path.push({ depth, name: subtest[2] });
      return;
    }
    const failure = failureLine.exec(line);
    if (failure) {
      const indent = failure[1].length;
      const within = this.#path.filter((open) => open.depth < indent).map((open) => open.name);
      // A subtest that failed only because an assertion inside it did is already listed through that assertion.
      const explained = this.#failures.some(
        (seen) => seen.within.length > within.length && seen.within[within.length] === failure[2],
      );
      const entry = { within, line: line.trim(), block: [], indent, started: false };
      if (!explained) this.#failures.push(entry);
      this.#reading = entry;
      return;
    }
    const ok = okLine.exec(line);
    if (ok) this.#path = this.#path.filter((open) => open.depth < ok[1].length);
  }

  #summary() {
    if (this.#failures.length === 0) return '';
    const parts = [`\n# ${this.#failures.length} failed, repeated here:\n`];
    for (const failure of this.#failures) {
      parts.push(`\n# ${failure.within.join(' > ') || '(top level)'}\n${failure.line}\n`);
      for (const line of failure.block) parts.push(`${line.slice(failure.indent)}\n`);
    }
    return parts.join('');
  }
}
