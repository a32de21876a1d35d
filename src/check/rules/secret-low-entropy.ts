import { describe } from "../helpers.js";
import { estimatedBits, isPlaceholder, weakSecretRule } from "../weak-secret.js";

/** 128 bits is the strength of the key it is stretched into; generated secrets carry over 200. */
const MINIMUM_BITS = 128;

export const secretLowEntropy = weakSecretRule({
  id: "secret-low-entropy",
  summary: "A long session secret with little randomness (repeated characters, words).",
  weak: (value) =>
    value.length >= 32 &&
    !isPlaceholder(value) &&
    (estimatedBits(value) < MINIMUM_BITS || new Set(value).size < 12),
  message: (v) =>
    `${describe(v)} has about ${Math.round(estimatedBits(v.value))} bits of randomness; a generated secret has over 200.`,
  why: "A long but predictable secret (repeated or dictionary text) is as weak as a short one.",
});
