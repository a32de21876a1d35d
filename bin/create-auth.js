#!/usr/bin/env node
// Both bins (create-auth and auth) start here; the program is compiled to dist/.
// The shebang stays plain: `env -S node --` is missing from busybox (Alpine). Node's own
// `--env-file` parsing of script arguments is avoided by naming the flag --env-path instead
// (see src/ui/env-path-option.ts).
import module from "node:module";

// Node ≥ 22.1 keeps compiled code between runs: compiling ts-morph's TypeScript is most of a
// command's start-up. Older Nodes have no such cache and skip this.
module.enableCompileCache?.();
const { main } = await import("../dist/cli.js");

await main();
