import { describe, expect, it } from "vitest";
import { NOT_OBJECTS_LIMIT, notObjectsRemembered, resolveConfig } from "../../src/core/config.js";
import type { AuthConfig } from "../../src/types.js";

// Every structure the runtime keeps in memory has a bound (docs/operations.md, "What the
// process holds"); this one was found without one.

describe("resolutions of a value that is not a configuration", () => {
  it("are remembered per message, at most NOT_OBJECTS_LIMIT of them", () => {
    for (let i = 0; i < NOT_OBJECTS_LIMIT * 5; i++) {
      const resolved = resolveConfig(i as unknown as AuthConfig, {});
      expect(resolved.error?.message).toContain(`number ${i}`);
      expect(notObjectsRemembered()).toBeLessThanOrEqual(NOT_OBJECTS_LIMIT);
    }
    // Still one resolution per message while it is remembered.
    const again = resolveConfig(1000 as unknown as AuthConfig, {});
    expect(resolveConfig(1000 as unknown as AuthConfig, {})).toBe(again);
  });
});
