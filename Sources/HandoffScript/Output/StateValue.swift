/// A printed state value: a number (formatted only when rendered) or a word.
package enum StateValue: Equatable, Sendable {
    case number(Double)
    case word(String)
}
