public enum LuaScreenPlaceholder {}
