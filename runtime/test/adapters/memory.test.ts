import { memoryAdapter } from "../../src/adapters/memory.js";
import { describeAdapterConformance } from "./conformance.js";

const adapter = memoryAdapter();
describeAdapterConformance("memoryAdapter", () => adapter);
