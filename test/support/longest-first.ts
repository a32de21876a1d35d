import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each of the longest files took in a full run on the 2-core CI machine (2026-11-27).
 * CI runs on a clean clone, where Vitest has no durations of its own: without these it starts
 * the files project by project, largest file first, so a long file starts wherever its size
 * puts it. A file missing here, or a figure gone stale, only changes when a file starts, never
 * what runs.
 */
const measuredSeconds: Record<string, number> = {
  "cli:test/demo.test.ts": 163,
  "cli:test/soak.test.ts": 127,
  "cli:test/cli/e2e.test.ts": 122,
  "cli:test/cli/orm-prisma-postgres.test.ts": 113,
  "cli:test/orm/prisma-cli.test.ts": 96,
  "cli:test/corpus/orm-generators.test.ts": 95,
  "cli:test/corpus/express-generator-typescript.test.ts": 85,
  "cli:test/cli/install.test.ts": 83,
  "cli:test/cli/init.test.ts": 80,
  // Added later the same day, measured alone on a loaded machine:
  "cli:test/corpus/orm-generators-prisma.test.ts": 95,
  "cli:test/cli/orm-prisma-mariadb.test.ts": 90,
};

/**
 * Longest file first across all projects (Vitest's own order keeps projects apart), by the
 * duration Vitest recorded in an earlier run here, else by the figure above; files known by
 * neither keep Vitest's order after them. Two workers then finish close together.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const seconds = (file: TestSpecification) => {
      const key = `${file.project.name}:${file.moduleId.slice(this.ctx.config.root.length + 1)}`;
      const recorded = this.ctx.cache.getFileTestResults(key)?.duration;
      return recorded !== undefined ? recorded / 1000 : (measuredSeconds[key] ?? 0);
    };
    return ordered
      .map((file, index) => ({ file, index, seconds: seconds(file) }))
      .sort((a, b) => b.seconds - a.seconds || a.index - b.index)
      .map(({ file }) => file);
  }
}
