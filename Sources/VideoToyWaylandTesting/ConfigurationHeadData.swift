/// One head's part of a configuration.
final class ConfigurationHeadData: ResourceData {
    let configuration: ConfigurationData
    let index: Int
    init(configuration: ConfigurationData, index: Int) {
        self.configuration = configuration
        self.index = index
    }
}
