export { ChatBubble } from './ChatBubble';
export type {
  ChatBubbleAlertAnswer,
  ChatBubbleAlertLabels,
  ChatBubbleAvatarProps,
  ChatBubbleContentProps,
  ChatBubbleErrorProps,
  ChatBubbleLayersProps,
  ChatBubbleRootProps,
  ChatBubbleSource,
  ChatBubbleStatus,
  ChatBubbleTimeProps,
  ChatLayer,
  ChatLayerAlert,
  ChatLayerAlertProposal,
  ChatLayerCoin,
  ChatLayerSource,
  ChatLayerSourceStatus,
} from './ChatBubble';
export { chatBubbleRecipe } from './ChatBubble.recipe';
