export * from "./constants";
export * from "./domain";
export * from "./errors";
export * from "./schemas/auth";
