/// formconv's version, printed by `formconv --version`.
public enum FormConvVersion {
    public static let current = "0.1.0"
}
