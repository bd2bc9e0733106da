/**
 * The icons of the forms and screens opened after landing (password fields, the cart drawer, the
 * brief and its uploads, deliverables, the account menu). They are kept out of icons.tsx, every icon of which goes
 * into the shared chunk that the home page and the template pages load before interaction, and
 * those pages show none of these.
 */
import Download from 'lucide/dist/esm/icons/download.mjs';
import Eye from 'lucide/dist/esm/icons/eye.mjs';
import EyeOff from 'lucide/dist/esm/icons/eye-off.mjs';
import FilePlay from 'lucide/dist/esm/icons/file-play.mjs';
import LogOut from 'lucide/dist/esm/icons/log-out.mjs';
import Settings from 'lucide/dist/esm/icons/settings.mjs';
import Sparkles from 'lucide/dist/esm/icons/sparkles.mjs';
import Trash from 'lucide/dist/esm/icons/trash.mjs';
import Upload from 'lucide/dist/esm/icons/upload.mjs';
import { icon } from './icon.tsx';

export const EyeIcon = /* @__PURE__ */ icon(Eye);
export const EyeOffIcon = /* @__PURE__ */ icon(EyeOff);
export const TrashIcon = /* @__PURE__ */ icon(Trash);
export const UploadIcon = /* @__PURE__ */ icon(Upload);
export const VideoFileIcon = /* @__PURE__ */ icon(FilePlay);
export const SparklesIcon = /* @__PURE__ */ icon(Sparkles);
export const DownloadIcon = /* @__PURE__ */ icon(Download);
export const LogOutIcon = /* @__PURE__ */ icon(LogOut);
export const AdminIcon = /* @__PURE__ */ icon(Settings);
