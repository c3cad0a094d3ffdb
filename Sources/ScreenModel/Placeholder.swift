public enum ScreenModelPlaceholder {}
