package nostmt

const X = 1
