// The maintainers' dashboard, served at /admin behind the sign-in (internal/admin). A separate
// entry of the web build: nothing here is part of, or loaded by, the readers' pages.
import { createRoot } from "react-dom/client";
import { Dashboard } from "./Dashboard";
import "./admin.css";

const root = document.getElementById("dashboard");
if (root) createRoot(root).render(<Dashboard />);
