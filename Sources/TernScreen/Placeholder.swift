public enum TernScreenPlaceholder {}
