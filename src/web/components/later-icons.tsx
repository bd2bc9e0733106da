/**
 * The icons of the forms and screens opened after landing (password fields, the cart drawer, the
 * brief and its uploads, deliverables), from lucide, one module per icon. They are kept out of
 * icons.tsx, every icon of which goes into the shared chunk that the home page and the template
 * pages load before interaction, and those pages show none of these.
 */
export { default as EyeIcon } from 'lucide-react/icons/eye';
export { default as EyeOffIcon } from 'lucide-react/icons/eye-off';
export { default as TrashIcon } from 'lucide-react/icons/trash';
export { default as UploadIcon } from 'lucide-react/icons/upload';
export { default as VideoFileIcon } from 'lucide-react/icons/file-play';
export { default as SparklesIcon } from 'lucide-react/icons/sparkles';
export { default as DownloadIcon } from 'lucide-react/icons/download';
