/** Dependency-injection tokens of the values createApp() provides. */
export const API_CONFIG = Symbol('ApiConfig');
/** PrismaClient used for endpoint queries (the read replica when configured). */
export const READ_DB = Symbol('ReadDb');
export const LOGGER = Symbol('Logger');
/** The ioredis client shared by the rate limiter and /ready. */
export const REDIS = Symbol('Redis');
/** The Ogmios JSON-RPC client (OgmiosRpc) when OGMIOS_URL is set, else null. */
export const OGMIOS_RPC = Symbol('OgmiosRpc');
