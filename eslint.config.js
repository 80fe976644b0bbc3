import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", ".data/**", ".tools/**", ".cache/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Tool configurations in CommonJS (.dependency-cruiser.cjs).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node, ...globals.commonjs } },
  },
  {
    // Who may do what is decided in the access policy alone: a role code compared anywhere else is a
    // rule outside it. Data definitions (the constants, the models) name the codes; tests give
    // their users roles.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts", "scripts/**/*.{ts,mjs}", "judge-service/**/*.ts"],
    ignores: ["app/services/access/**", "app/lib/constants.ts", "app/models/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='Role']",
          message: "Role codes are compared in app/services/access/ only: ask the policy (policy.server.ts).",
        },
      ],
    },
  },
  {
    // Playwright fixtures take `{}` and call `use`, which is not a React hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off", "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Scripts and benchmarks print their figures.
    files: ["scripts/**/*.{ts,mjs}", "tests/bench/**/*.ts"],
    rules: { "no-console": "off" },
  },
);
