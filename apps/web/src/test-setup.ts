import { configure } from '@testing-library/react';

// Component tests run beside the API suites on a 2-core machine: `findBy…`/`waitFor` wait up to
// 5 s (the default 1 s made busy runs fail on timing alone, never on behaviour).
configure({ asyncUtilTimeout: 5_000 });
