export { ChatBubble } from './ChatBubble';
export type {
  ChatBubbleAvatarProps,
  ChatBubbleContentProps,
  ChatBubbleErrorProps,
  ChatBubbleLayersProps,
  ChatBubbleRootProps,
  ChatBubbleSource,
  ChatBubbleStatus,
  ChatBubbleTimeProps,
  ChatLayer,
  ChatLayerCoin,
  ChatLayerSource,
  ChatLayerSourceStatus,
} from './ChatBubble';
export { chatBubbleRecipe } from './ChatBubble.recipe';
