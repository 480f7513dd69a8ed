import { configure } from '@testing-library/react';

// The client tests share two cores with the in-process API tests; the library's one-second wait
// for an element is shorter than a first render of a lazily loaded grid takes on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
