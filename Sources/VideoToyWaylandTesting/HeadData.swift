/// A head resource: which head of which binding.
final class HeadData: ResourceData {
    let binding: ManagerBinding
    let index: Int
    init(binding: ManagerBinding, index: Int) {
        self.binding = binding
        self.index = index
    }
    override func destroyed() { if binding.heads.indices.contains(index) { binding.heads[index] = nil } }
}
