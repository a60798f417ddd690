/// A mode resource: which mode of which head.
final class ModeData: ResourceData {
    let binding: ManagerBinding
    let head: Int
    let index: Int
    init(binding: ManagerBinding, head: Int, index: Int) {
        self.binding = binding
        self.head = head
        self.index = index
    }
    override func destroyed() {
        if binding.modes.indices.contains(head), binding.modes[head].indices.contains(index) { binding.modes[head][index] = nil }
    }
}
