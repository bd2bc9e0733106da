/**
 * The icons only the home page's lower sections show (pricing, the contact form). Those sections
 * are a chunk of their own (below-the-fold.tsx), and so are these, instead of joining the shared
 * chunk every landing page loads before interaction (components/icons.tsx).
 */
import LoaderCircle from 'lucide/dist/esm/icons/loader-circle.mjs';
import Send from 'lucide/dist/esm/icons/send.mjs';
import Star from 'lucide/dist/esm/icons/star.mjs';
import { icon } from '../../components/icon.tsx';

export const StarIcon = /* @__PURE__ */ icon(Star);
export const SendIcon = /* @__PURE__ */ icon(Send);
export const SpinnerIcon = /* @__PURE__ */ icon(LoaderCircle);
