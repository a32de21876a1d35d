import { describe } from "../helpers.js";
import { estimatedBits, isPlaceholder, weakSecretRule } from "../weak-secret.js";

/**
 * Below this the value is not random. The estimate reads character frequencies, so random values
 * score under their true strength: 16 random bytes in hex (128 bits) score 90 or more, UUIDs 105
 * or more, generated secrets 180 or more; "password" four times scores 88 but repeats itself.
 */
const MINIMUM_BITS = 80;

/** A value made of one shorter run repeated (`abab…`, `passwordpassword…`). */
function repeats(value: string): boolean {
  for (let period = 1; period <= value.length / 2; period++) {
    const unit = value.slice(0, period);
    if (unit.repeat(Math.ceil(value.length / period)).slice(0, value.length) === value) return true;
  }
  return false;
}

export const secretLowEntropy = weakSecretRule({
  id: "secret-low-entropy",
  summary: "A long session secret with little randomness (repeated text, few characters).",
  weak: (value) =>
    value.length >= 32 &&
    !isPlaceholder(value) &&
    (estimatedBits(value) < MINIMUM_BITS || new Set(value).size < 8 || repeats(value)),
  message: (v) =>
    repeats(v.value)
      ? `${describe(v)} is one short run of characters repeated.`
      : `${describe(v)} has about ${Math.round(estimatedBits(v.value))} bits of randomness; a generated secret has over 180.`,
  why: "A long but predictable secret (repeated or dictionary text) is as weak as a short one.",
});
