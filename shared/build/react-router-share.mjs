// What module federation provides under the share key `react-router-dom` (federation.mjs,
// `singletons()`): only the router API the site imports, taken from `react-router`, which
// react-router-dom re-exports whole. Shared modules keep every export (the build cannot know what
// another bundle will use), so sharing the package itself ships all of react-router — server
// rendering, RSC, data routers — to every page (≈ 60 KB). The code keeps importing
// 'react-router-dom'; `react-router-share.test.ts` fails when it imports a name missing here.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Routes,
  useInRouterContext,
  useLocation,
  useNavigate,
} from 'react-router';
