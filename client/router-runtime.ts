/** The parts of React Router the entry evaluates in a step of their own, before React DOM. */
export { createBrowserRouter } from 'react-router';
export { RouterProvider } from 'react-router/dom';
