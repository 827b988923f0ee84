// Browser entry: hydrate the prerendered page, then take over navigation.
import { startClient } from "./client";

startClient(document);
