/**
 * The verification tokens a memory adapter holds, counted by second of expiry, so the jwt
 * variant can report its "rows" and how long its oldest expired token has been dead without
 * reaching into the adapter. Small: one number per second of the tokens' lifetime (plus any
 * backlog pruning has not removed, which is what a soak run wants to see).
 */
export class CreationClock {
  /** @type {Map<number, number>} seconds of expiry → tokens, in expiry order */
  buckets = new Map();
  size = 0;

  add(/** @type {number} */ expiresMs) {
    const second = Math.floor(expiresMs / 1000);
    this.buckets.set(second, (this.buckets.get(second) ?? 0) + 1);
    this.size++;
  }

  remove(/** @type {number} */ expiresMs) {
    const second = Math.floor(expiresMs / 1000);
    const count = this.buckets.get(second);
    if (!count) return;
    if (count === 1) this.buckets.delete(second);
    else this.buckets.set(second, count - 1);
    this.size--;
  }

  /** Forgets the `count` tokens that expire first (what the adapter's sweep deleted). */
  dropOldest(/** @type {number} */ count) {
    let left = count;
    for (const [second, held] of this.buckets) {
      if (left <= 0) break;
      const taken = Math.min(held, left);
      left -= taken;
      this.size -= taken;
      if (taken === held) this.buckets.delete(second);
      else this.buckets.set(second, held - taken);
    }
  }

  /** Tokens whose expiry has passed at `now`. */
  expiredAt(/** @type {number} */ now) {
    let expired = 0;
    for (const [second, held] of this.buckets) {
      if (second * 1000 + 999 >= now) break;
      expired += held;
    }
    return expired;
  }

  /** Seconds since the oldest token still held expired (0 when none has). */
  oldestExpiredAgeS(/** @type {number} */ now) {
    for (const second of this.buckets.keys()) {
      const age = (now - (second * 1000 + 999)) / 1000;
      return age > 0 ? age : 0;
    }
    return 0;
  }
}
