/**
 * The OP's storage in the benchmark: a Map with expiry. oidc-provider's own in-memory adapter
 * indexes every code and token under its grant and rescans that index on every write, and it
 * evicts beyond 1 000 entries; with one person's grant reused by thousands of flows the OP got
 * slower as a run went on (a quarter of its CPU in `setGrantMembers`), and the faster app paid
 * more of it. The benchmark never revokes grants, so the index is not needed.
 */

/** Seconds each kind of record lives: short, so a long run keeps a bounded store. */
export const OP_TTL = {
  AccessToken: 120,
  AuthorizationCode: 60,
  IdToken: 120,
  Interaction: 600,
  Session: 86_400,
  Grant: 86_400,
};

/** @returns {new (model: string) => object} an adapter class for oidc-provider's `adapter` option */
export function createAdapter() {
  /** @type {Map<string, { payload: Record<string, unknown>, expiresAt: number }>} */
  const store = new Map();
  /** @type {Map<string, string>} */
  const sessionIds = new Map();
  let writes = 0;
  const read = (/** @type {string} */ key) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of store) if (entry.expiresAt < now) store.delete(key);
  };
  return class BenchAdapter {
    /** @param {string} model */
    constructor(model) {
      this.model = model;
    }
    /** @param {string} id */
    key(id) {
      return `${this.model}:${id}`;
    }
    /** @param {string} id @param {Record<string, any>} payload @param {number} [expiresIn] */
    async upsert(id, payload, expiresIn) {
      if (++writes % 1000 === 0) sweep();
      const expiresAt = Date.now() + (expiresIn ?? 86_400) * 1000;
      store.set(this.key(id), { payload, expiresAt });
      if (this.model === "Session") sessionIds.set(payload.uid, id);
    }
    /** @param {string} id */
    async find(id) {
      return read(this.key(id));
    }
    /** @param {string} uid */
    async findByUid(uid) {
      const id = sessionIds.get(uid);
      return id === undefined ? undefined : read(this.key(id));
    }
    async findByUserCode() {
      return undefined;
    }
    /** @param {string} id */
    async consume(id) {
      const payload = read(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    /** @param {string} id */
    async destroy(id) {
      store.delete(this.key(id));
    }
    async revokeByGrantId() {}
  };
}
