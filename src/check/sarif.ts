import { pathToFileURL } from "node:url";
import type { Finding, RuleSummary } from "./types.js";

/** Where the tool is described, for the code-scanning UI's "tool" link. */
export const INFORMATION_URI = "https://www.npmjs.com/package/create-auth";

/** The base every artifact URI is relative to: the project folder `check` ran on. */
const ROOT_BASE = "PROJECTROOT";

export interface SarifOptions {
  /** Absolute path of the project. */
  root: string;
  version: string;
  /** The rules that ran, in order (each becomes `tool.driver.rules[i]`). */
  rules: readonly RuleSummary[];
  findings: Finding[];
}

/** One finding's place: its file and line, else package.json (the project as a whole). */
function location(finding: Finding) {
  return {
    physicalLocation: {
      artifactLocation: { uri: finding.file ?? "package.json", uriBaseId: ROOT_BASE },
      ...(finding.file && finding.line ? { region: { startLine: finding.line } } : {}),
    },
  };
}

/**
 * The findings as a SARIF 2.1.0 log (OASIS SARIF v2.1.0, §3.13 sarifLog): one run whose driver
 * lists the rules that ran. A rule's help is the why and fix of its first finding here (they
 * name this project's values), else its summary with a link to the rules' list. Every result has
 * a location, because code-scanning UIs drop results without one: a finding that is about the
 * project as a whole (a variable from the environment) points at package.json.
 */
export function sarifLog({ root, version, rules, findings }: SarifOptions) {
  const folder = pathToFileURL(root).href;
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "create-auth check",
            version,
            informationUri: INFORMATION_URI,
            rules: rules.map((rule) => {
              const first = findings.find((finding) => finding.rule === rule.id);
              const help = first
                ? `${first.why}\nFix: ${first.fix}`
                : `${rule.summary} See ${INFORMATION_URI} (docs/check.md, Rules).`;
              return {
                id: rule.id,
                shortDescription: { text: rule.summary },
                help: { text: help },
                defaultConfiguration: { level: rule.severity },
                properties: { fixable: rule.fix !== undefined },
              };
            }),
          },
        },
        originalUriBaseIds: { [ROOT_BASE]: { uri: folder.endsWith("/") ? folder : `${folder}/` } },
        columnKind: "utf16CodeUnits",
        results: findings.map((finding) => ({
          ruleId: finding.rule,
          ruleIndex: rules.findIndex((rule) => rule.id === finding.rule),
          level: finding.severity,
          message: { text: finding.message },
          locations: [location(finding)],
          properties: { why: finding.why, fix: finding.fix, fixable: finding.fixable },
        })),
      },
    ],
  };
}
