/** The safety ledger feature's public API for other features (none use it yet). */
export {};
