/**
 * The back arrow of the template pages and of screens opened later. Not in icons.tsx: every icon
 * there goes into the shared chunk /kr downloads before interaction, and the home page has no
 * way back.
 */
import ArrowLeft from 'lucide/dist/esm/icons/arrow-left.mjs';
import { icon } from './icon.tsx';

export const ArrowLeftIcon = /* @__PURE__ */ icon(ArrowLeft);
