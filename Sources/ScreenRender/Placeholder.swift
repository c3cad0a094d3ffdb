public enum ScreenRenderPlaceholder {}
