// The chat's parts that load when first opened (the action menus, the emoji popover, the side
// panel, the admin's full-screen dialog), in one chunk: a chunk of its own for each made rolldown
// split MUI's shared modules (ButtonBase, CircularProgress, Modal, the transitions) into more,
// smaller chunks, about 1 kB gzipped more on the first load of every page.
export { default as ActionMenu } from './ActionMenu';
export { default as AdminChatDialog } from './AdminChatDialog';
export { default as EmojiPopover } from './EmojiPopover';
export { SidePanel } from './SidePanel';
export { default as RemoveChatDialog } from './RemoveChatDialog';
