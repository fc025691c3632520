/**
 * The layers of the code, as rules `npm run lint` enforces (dependency-cruiser; apps/api/src/README.md
 * and apps/web/src/README.md draw them). Runtime imports count; a type-only import compiles away.
 * Folder cycles are checked by test/api/architecture.test.ts (every folder on a floor).
 */
const API = '^apps/api/src/';
const ROLES = '(customer|doctor|pharmacy|integrator|fhir)';
const TOP = `${API}(demo|openapi|cli|dev-idp)/|${API}[^/]+\\.ts$`;
const CORE = '(accounts|api-clients|catalogue|orders|notices|notifications|prescription-centre)';
const WEB = '^apps/web/src/';
const WEB_ROLES = '(customer|doctor|pharmacy)';
const runtime = { dependencyTypesNot: ['type-only'] };

module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-feature',
      comment: 'platform/ lies under every feature: it may import only platform/ (and packages).',
      severity: 'error',
      from: { path: `${API}platform/` },
      to: { path: API, pathNot: `${API}platform/`, ...runtime },
    },
    {
      name: 'role-imports-no-role',
      comment: 'The role edges (customer, doctor, pharmacy, integrator, fhir) meet in orders/, accounts/ and platform/, never in each other.',
      severity: 'error',
      from: { path: `${API}${ROLES}/` },
      to: { path: `${API}${ROLES}/`, pathNot: `${API}$1/`, ...runtime },
    },
    {
      name: 'core-imports-no-edge',
      comment: 'accounts/ and the shared features (orders, catalogue, notices, notifications, api-clients) lie under the role edges and the live push.',
      severity: 'error',
      from: { path: `${API}${CORE}/` },
      to: { path: `${API}(customer|doctor|pharmacy|integrator|fhir|payments|realtime|health|metrics)/`, ...runtime },
    },
    {
      name: 'accounts-imports-only-platform',
      comment: 'Sign-in and the user tables lie right above platform/: every feature may use them, they use no feature.',
      severity: 'error',
      from: { path: `${API}accounts/` },
      to: { path: API, pathNot: `${API}(accounts|platform)/`, ...runtime },
    },
    {
      name: 'prescription-centre-imports-only-platform',
      comment: "The port to Kanta's Prescription Centre and its adapters lie right above platform/: orders/ records through it, the edges read through it.",
      severity: 'error',
      from: { path: `${API}prescription-centre/` },
      to: { path: API, pathNot: `${API}(prescription-centre|platform)/`, ...runtime },
    },
    {
      name: 'nothing-imports-the-top',
      comment: 'The composition (root files, cli/, demo/, openapi/, dev-idp/) imports the features; no feature imports it.',
      severity: 'error',
      from: { path: API, pathNot: TOP },
      to: { path: TOP, ...runtime },
    },
    {
      name: 'sockets-only-in-realtime',
      comment: 'Only realtime/ talks to sockets; every other module publishes a domain event (platform/events).',
      severity: 'error',
      from: { path: API, pathNot: `${API}realtime/` },
      to: { path: '(^|/)node_modules/(socket\\.io|@nestjs/websockets|@nestjs/platform-socket\\.io|@socket\\.io)/', ...runtime },
    },
    {
      name: 'web-role-imports-no-role',
      comment: "A role's screens (customer, doctor, pharmacy) never import another role's.",
      severity: 'error',
      from: { path: `${WEB}${WEB_ROLES}/` },
      to: { path: `${WEB}${WEB_ROLES}/`, pathNot: `${WEB}$1/`, ...runtime },
    },
    {
      name: 'web-shared-imports-no-screen',
      comment: 'routes/, i18n/, api/ and components/ lie under the screens (auth, public and the roles) and the app shell.',
      severity: 'error',
      from: { path: `${WEB}(routes|i18n|api|components)/` },
      to: { path: `${WEB}((auth|public|customer|doctor|pharmacy)/|[^/]+\\.tsx?$)`, ...runtime },
    },
    {
      name: 'no-cross-app-import',
      comment: 'The API and the web share code only through libs/.',
      severity: 'error',
      from: { path: '^apps/(api|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^apps/[^/]+/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
    skipAnalysisNotInRules: true,
  },
};
