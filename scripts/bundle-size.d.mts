export declare const BUDGETED_PAGES: Record<string, string[]>;
export declare const BUDGET_BYTES: number;
export declare function pageBudgets(distDir: string): { page: string; bytes: number; files: string[] }[];
export declare function publicPageSources(webDir: string): string[];
