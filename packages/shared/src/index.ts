export * from "./constants";
export * from "./domain";
export * from "./errors";
export * from "./schemas/auth";
export * from "./schemas/contact";
export * from "./schemas/content";
export * from "./schemas/raffles";
export * from "./schemas/settings";
