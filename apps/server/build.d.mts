/** dist/main.mjs: the compiled server. */
export declare const serverEntry: string;
export declare function buildServer(): Promise<void>;
/** Builds the server when it is missing or older than its sources; true when it built. */
export declare function ensureServerBuilt(): Promise<boolean>;
