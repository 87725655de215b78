// Every new park starts with a free trial (filled in by the limits work).
export {};
